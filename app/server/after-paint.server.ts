import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";
import { heldScriptRewrites } from "~/lib/after-paint";

type Rewrites = ReturnType<typeof heldScriptRewrites>;

const rewrite = (rewrites: Rewrites, html: string) => rewrites.reduce((text, [from, to]) => text.replaceAll(from, to), html);

/** A tail that may be the start of a pattern completed by the next chunk, held back until then. */
function splitOpenTail(rewrites: Rewrites, html: string): [ready: string, tail: string] {
  const start = html.lastIndexOf("<");
  if (start < 0) return [html, ""];
  const tail = html.slice(start);
  const open = rewrites.some(([from]) => from.length > tail.length && from.startsWith(tail));
  return open ? [html.slice(0, start), tail] : [html, ""];
}

/**
 * The document stream with Remix's module preloads and module script turned into inert markers, which
 * the boot script in <head> brings back to life after the first paint (see ~/lib/after-paint). `nonce`
 * is the response's Content-Security-Policy nonce, which <Scripts> writes on its module script.
 */
export function holdScriptsUntilFirstPaint(nonce?: string): Transform {
  const rewrites = heldScriptRewrites(nonce);
  const decoder = new StringDecoder("utf8");
  let tail = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const [ready, open] = splitOpenTail(rewrites, rewrite(rewrites, tail + decoder.write(chunk)));
      tail = open;
      done(null, ready);
    },
    flush(done) {
      done(null, rewrite(rewrites, tail + decoder.end()));
    },
  });
}
