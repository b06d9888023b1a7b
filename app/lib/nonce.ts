import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered (entry.server.tsx provides it, see
 * ~/server/csp.server). Every script the app writes into the page carries it. In the browser there is
 * no provider and the nonce is "": browsers hide it from the DOM (the attribute reads ""), and only the
 * server's HTML needs it.
 */
export const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
