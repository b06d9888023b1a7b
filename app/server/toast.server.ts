import { setToastCookieOptions } from "remix-toast";
import { getEnv } from "./env.server";
import { isSecureSite } from "./session.server";

// remix-toast signs its flash cookie with a built-in default secret unless told otherwise.
setToastCookieOptions({ secrets: [getEnv().SESSION_SECRET], secure: isSecureSite() });

export {
  getToast,
  jsonWithError,
  jsonWithSuccess,
  redirectWithError,
  redirectWithSuccess,
  redirectWithToast,
} from "remix-toast";
