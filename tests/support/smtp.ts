import net, { type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server in the test process (the `smtp-server` package): it keeps every message it accepts, and
 * can answer 451 ("try again later") to the next messages. No TLS, no authentication needed.
 */
export type ReceivedMail = {
  /** The envelope: MAIL FROM and RCPT TO addresses. */
  from: string;
  rcptTo: string[];
  /** The headers, lowercased names, unfolded, encoded words decoded. */
  headers: Record<string, string>;
  text: string;
  html: string;
  raw: string;
};

export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refuse > 0) {
          refuse--;
          return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((address) => address.address),
          ...parseMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Answers 451 to the next `count` messages. */
    refuseNext(count = 1) {
      refuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts connections and never says a word (a hung SMTP server). */
export async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => sockets.size,
    /** Drops every connection (the client sees it close) and stops listening. */
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Headers and the text and HTML parts of a message as nodemailer writes it (multipart/alternative). */
function parseMessage(raw: string): Pick<ReceivedMail, "headers" | "text" | "html"> {
  const { headers, body } = splitHeaders(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const section of sections) {
    const part = boundary ? splitHeaders(section.replace(/^\r\n/, "")) : { headers, body };
    const type = (part.headers["content-type"] ?? "text/plain").split(";")[0]!.trim();
    parts[type] = decodeBody(part.body, part.headers["content-transfer-encoding"]);
  }
  return { headers, text: parts["text/plain"] ?? "", html: parts["text/html"] ?? "" };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end + 4) };
}

function decodeBody(body: string, encoding = "7bit"): string {
  const trimmed = body.replace(/\r\n$/, "");
  if (/base64/i.test(encoding)) return Buffer.from(trimmed.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) {
    const binary = trimmed.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(binary, "latin1").toString("utf8").replace(/\r\n/g, "\n");
  }
  return trimmed.replace(/\r\n/g, "\n");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}
