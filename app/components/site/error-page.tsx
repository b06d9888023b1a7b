import { isRouteErrorResponse, Link } from "@remix-run/react";
import { siteMessages } from "~/domain/site-messages";
import { useFrame } from "~/hooks/use-frame";
import { buttonClass, Container } from "../ui";

const NOT_FOUND = { title: "Page not found", text: "The page you are looking for does not exist or has moved." };

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The heading of the page shown for `error`, also its document title. */
export function errorTitle(error: unknown): string {
  const status = errorStatus(error);
  if (status === 404) return NOT_FOUND.title;
  if (status === 503) return "We'll be right back";
  if (status === 413) return "Too large";
  if (status === 403) return siteMessages.forbiddenTitle;
  return "Something went wrong";
}

function errorText(error: unknown): string {
  const status = errorStatus(error);
  if (status === 404) return NOT_FOUND.text;
  if ((status === 503 || status === 413) && isRouteErrorResponse(error) && typeof error.data === "string") return error.data;
  // A role's refusal names the permission it lacks (docs/security.md#roles).
  if (status === 403 && isRouteErrorResponse(error) && typeof (error.data as { message?: unknown } | null)?.message === "string")
    return (error.data as { message: string }).message;
  return "An unexpected error occurred. Please try again in a moment.";
}

type ErrorPageProps = { error: unknown; back?: { to: string; label: string }; headingLevel?: 1 | 2 };

/** The body of an error page, inside whichever frame (site or dashboard) the error happened in. */
export function ErrorPage({ error, back: backTo, headingLevel = 1 }: ErrorPageProps) {
  const name = useFrame()?.brand.name;
  const back = backTo ?? { to: "/", label: name ? `Back to ${name}` : "Back to the home page" };
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <Container className="py-20 sm:py-28">
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 text-center">
        <p className="text-sm font-semibold text-brand-700">{errorStatus(error)}</p>
        <Heading className="text-3xl font-bold tracking-tight">{errorTitle(error)}</Heading>
        <p className="text-slate-600">{errorText(error)}</p>
        <Link to={back.to} reloadDocument className={buttonClass.primary}>
          {back.label}
        </Link>
      </div>
    </Container>
  );
}
