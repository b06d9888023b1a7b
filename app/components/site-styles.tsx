import { createContext, useContext, useState } from "react";

/**
 * The site's stylesheet, inlined in every document so the first paint waits for no other request.
 * The server passes the CSS text down through this context (see entry.server.tsx); in the browser the
 * component reads it back from the element the server rendered, so the text never enters a JS bundle.
 */
export const SiteCssContext = createContext<string | null>(null);

const ID = "site-css";

export function SiteStyles() {
  const fromServer = useContext(SiteCssContext);
  const [css] = useState(() =>
    fromServer ?? (typeof document === "undefined" ? "" : (document.getElementById(ID)?.textContent ?? "")),
  );
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
