import { useRouteError } from "@remix-run/react";
import { ErrorPage } from "~/components/site/error-page";

// Any address no other route answers: a 404 inside the site's frame.
const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

export function loader(): never {
  throw notFound();
}

export function action(): never {
  throw notFound();
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
