import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getEnv, isSecureSite } from "./env.server";

// remix-toast 1.2.2's own cookie is not signed at all (its unsign() accepts anything), so anyone could put any
// words in a toast: it gets Remix's cookie session storage instead, signed with SESSION_SECRET.
const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "toast-session",
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: isSecureSite(),
    secrets: [getEnv().SESSION_SECRET],
  },
});

export const { getToast, jsonWithError, jsonWithSuccess, redirectWithError, redirectWithSuccess } =
  createToastUtilsWithCustomSession(toastStorage);
