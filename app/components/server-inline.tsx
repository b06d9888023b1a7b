import { createContext, useContext, useState } from "react";

/**
 * Text the server inlines into every document, that no JS bundle should carry: the site's stylesheet
 * (so the first paint waits for no other request) and the boot script (~/lib/after-paint). The server
 * passes it down through this context (see entry.server.tsx); in the browser each element reads its
 * text back from what the server rendered.
 */
export type ServerInline = { css: string; bootScript: string };

export const ServerInlineContext = createContext<ServerInline | null>(null);

function useServerText(key: keyof ServerInline, id: string) {
  const fromServer = useContext(ServerInlineContext);
  const [text] = useState(() =>
    fromServer ? fromServer[key] : typeof document === "undefined" ? "" : (document.getElementById(id)?.textContent ?? ""),
  );
  return text;
}

export function SiteStyles() {
  const css = useServerText("css", "site-css");
  return <style id="site-css" dangerouslySetInnerHTML={{ __html: css }} />;
}

/** Marks the document as scripted before first paint and starts the page's JavaScript after it. */
export function BootScript({ nonce }: { nonce?: string }) {
  const script = useServerText("bootScript", "boot-script");
  return <script id="boot-script" nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
