import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { url } from "./factories";

/** Calls a route's loader or action the way Remix does, with a real Request. */
type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

export type Outcome = { status: number; headers: Headers; data: unknown; response?: Response };

/** Runs a loader or action and normalises what it returns or throws: a Response, data() or a plain value. */
export async function call(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<Outcome> {
  let value: unknown;
  try {
    value = await handler({ request, params, context: {} });
  } catch (thrown) {
    value = thrown;
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
  }
  if (value instanceof Response) {
    const text = await value.clone().text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: value.status, headers: value.headers, data, response: value };
  }
  if (isDataWithInit(value)) {
    return { status: value.init?.status ?? 200, headers: new Headers(value.init?.headers), data: value.data };
  }
  return { status: 200, headers: new Headers(), data: value };
}

function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}

export function get(path: string, cookie?: string): Request {
  return new Request(url(path), { headers: cookie ? { Cookie: cookie } : {} });
}

export function postForm(path: string, fields: Record<string, string>, cookie?: string): Request {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  return new Request(url(path), { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

/** The `name=value` pairs of every Set-Cookie header, ready to send back as a Cookie header. */
export function cookiesFrom(headers: Headers, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const line of headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}
