import { createContext, useContext } from "react";

// "" in the browser: browsers hide the nonce from the DOM, and only the server's HTML needs it.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
