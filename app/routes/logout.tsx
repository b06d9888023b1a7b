import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/server/auth.server";

export async function loader() {
  // Signing out changes state, so it takes a POST; a visit here just goes home.
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  return logout(request);
}
