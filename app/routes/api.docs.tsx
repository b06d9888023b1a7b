import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { Container } from "~/components/ui";
import { site } from "~/content/site";
import { seo } from "~/lib/seo";
import { getApiReference, type FieldView, type OperationView, type ResponseView, type TypeView } from "~/server/api-reference.server";

/**
 * /api/docs: the JSON API's reference for people, rendered on the server from the same OpenAPI document
 * as /api/openapi.json (no third-party viewer, no script needed). A page of its own, outside the public
 * site's frame.
 */

export async function loader() {
  return getApiReference();
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    path: "/api/docs",
    title: `API reference | ${site.name}`,
    description: `The ${site.name} JSON API: every route, its authentication, request fields and answers, from the OpenAPI 3.1 document.`,
  });

const methodClass: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900",
  POST: "bg-brand-50 text-brand-700",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-800",
};

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-ink";
// The page has hundreds of cells and code spans: they are styled from their table and from the page (one
// class list each), not one by one. Long names break anywhere on phones only; wider screens keep them whole.
const tableClass = [
  "mt-3 w-full border-collapse text-left text-sm",
  "[&_thead_th]:border-b [&_thead_th]:border-slate-300 [&_thead_th]:bg-slate-50 [&_thead_th]:px-3 [&_thead_th]:py-2 [&_thead_th]:font-semibold [&_thead_th]:text-ink",
  "[&_tbody>tr>*]:border-b [&_tbody>tr>*]:border-slate-200 [&_tbody>tr>*]:px-3 [&_tbody>tr>*]:py-2 [&_tbody>tr>*]:align-top [&_tbody>tr>*]:text-slate-700",
  "[&_tbody>tr>*]:[overflow-wrap:anywhere] sm:[&_tbody>tr>*]:[overflow-wrap:break-word] [&_tbody_th]:font-normal",
].join(" ");
const codeStyles = "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-ink";

const schemaId = (name: string) => `schema-${name}`;

/** Text with `code` spans. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, index) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
          <code key={index}>
            {part.slice(1, -1)}
          </code>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function TypeName({ type }: { type: TypeView }) {
  if (!type.schema) return <code>{type.text}</code>;
  // The named schema is a link; "array of CaseStudy" keeps its words around it.
  const [before, after] = type.text.split(type.schema) as [string, string?];
  return (
    <code>
      {before}
      <a href={`#${schemaId(type.schema)}`} className={linkClass}>
        {type.schema}
      </a>
      {after}
    </code>
  );
}

function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** "not blank, at most 200 characters" → "Not blank, at most 200 characters." */
function sentence(notes: string[]): string {
  const text = notes.join(", ");
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : "";
}

function FieldsTable({ caption, fields }: { caption: ReactNode; fields: (FieldView & { in?: string })[] }) {
  return (
    <table className={tableClass}>
      <caption className="text-left text-sm font-semibold text-ink">{caption}</caption>
      <TableHead columns={["Field", "Type", "Notes"]} />
      <tbody>
        {fields.map((field) => (
          <tr key={field.name}>
            <th scope="row">
              <code className="sm:whitespace-nowrap">{field.name}</code>
              <span className="block text-xs text-slate-600">
                {field.required ? "required" : "optional"}
                {field.in ? `, in ${field.in}` : null}
              </span>
            </th>
            <td>
              <TypeName type={field.type} />
            </td>
            <td>
              {field.description ? <Prose text={field.description} /> : null}
              {field.description && field.notes.length ? " " : null}
              {sentence(field.notes)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ResponsesTable({ caption, responses }: { caption: string; responses: ResponseView[] }) {
  return (
    <table className={`${tableClass} [&_thead_th:first-child]:w-16`}>
      <caption className="text-left text-sm font-semibold text-ink">{caption}</caption>
      <TableHead columns={["Status", "Meaning", "Body"]} />
      <tbody>
        {responses.map((response) => (
          <tr key={response.status}>
            <th scope="row">
              <span className="font-mono font-semibold text-ink">{response.status}</span>
            </th>
            <td>
              <Prose text={response.description} />
              {response.headers.map((header) => (
                <span key={header.name} className="mt-1 block">
                  Header <code>{header.name}</code>
                  {header.description ? <>: {header.description}</> : null}
                </span>
              ))}
            </td>
            <td>{response.body ? <TypeName type={response.body} /> : "None"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Method({ method }: { method: string }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 align-middle font-mono text-sm font-bold ${methodClass[method] ?? "bg-slate-100 text-ink"}`}>{method}</span>
  );
}

function Operation({ operation }: { operation: OperationView }) {
  return (
    <article aria-labelledby={operation.id} className="mt-10 border-t border-slate-200 pt-8">
      <h3 id={operation.id} className="scroll-mt-6 text-xl leading-relaxed font-bold text-ink">
        <Method method={operation.method} /> <span className="font-mono [overflow-wrap:anywhere]">{operation.path}</span>
      </h3>
      <p className="mt-2 font-medium text-ink">{operation.summary}</p>
      {operation.description ? (
        <p className="mt-2 max-w-prose leading-relaxed text-slate-700">
          <Prose text={operation.description} />
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-700">
        <span className="font-semibold text-ink">Authentication:</span> {operation.auth}
      </p>
      {operation.parameters.length ? <FieldsTable caption="Parameters" fields={operation.parameters} /> : null}
      {operation.body ? (
        <div className="mt-4">
          {operation.body.description ? (
            <p className="text-sm text-slate-700">
              <span className="font-semibold text-ink">Request body:</span> <Prose text={operation.body.description} />
            </p>
          ) : null}
          {operation.body.variants.map((variant) => (
            <FieldsTable
              key={variant.mediaType}
              caption={
                <>
                  Request body as <code>{variant.mediaType}</code>: <TypeName type={variant.type} />
                </>
              }
              fields={variant.fields}
            />
          ))}
        </div>
      ) : null}
      <ResponsesTable caption="Responses" responses={operation.responses} />
    </article>
  );
}

export default function ApiDocsPage() {
  const reference = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-slate-50">
        <Container className="flex flex-wrap items-center justify-between gap-3 py-4">
          <a href="/" className="font-semibold text-ink hover:text-brand-700">
            {site.name}
          </a>
          <a href="/api/openapi.json" className={linkClass}>
            OpenAPI document (JSON)
          </a>
        </Container>
      </header>
      <main>
        <Container className={`py-12 ${codeStyles}`}>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">API reference</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance">{reference.title}</h1>
          <p className="mt-3 text-sm text-slate-700">
            Version {reference.version} · OpenAPI {reference.openapi}
            {reference.server ? (
              <>
                {" "}
                · Server <code>{reference.server}</code>
              </>
            ) : null}
          </p>
          {reference.description.map((paragraph, index) => (
            <p key={index} className="mt-4 max-w-prose leading-relaxed text-slate-700">
              <Prose text={paragraph} />
            </p>
          ))}

          <nav aria-labelledby="api-toc" className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5">
            <h2 id="api-toc" className="text-sm font-semibold text-ink">
              On this page
            </h2>
            <ul className="mt-3 grid gap-x-8 gap-y-1 text-sm sm:grid-cols-2">
              <li>
                <a href="#security" className={linkClass}>
                  Security schemes
                </a>
              </li>
              {reference.tags.map((tag) =>
                tag.operations.map((operation) => (
                  <li key={operation.id}>
                    <a href={`#${operation.id}`} className={linkClass}>
                      {operation.method} {operation.path}
                    </a>
                  </li>
                )),
              )}
              <li>
                <a href="#general" className={linkClass}>
                  Answers of every path
                </a>
              </li>
              <li>
                <a href="#schemas" className={linkClass}>
                  Schemas
                </a>
              </li>
            </ul>
          </nav>

          <section aria-labelledby="security" className="mt-12">
            <h2 id="security" className="scroll-mt-6 text-2xl font-bold tracking-tight text-ink">
              Security schemes
            </h2>
            <table className={tableClass}>
              <caption className="sr-only">Security schemes</caption>
              <TableHead columns={["Scheme", "Sent as", "Details"]} />
              <tbody>
                {reference.security.map((scheme) => (
                  <tr key={scheme.name}>
                    <th scope="row">
                      <code>{scheme.name}</code>
                    </th>
                    <td>{scheme.kind}</td>
                    <td>{scheme.description ? <Prose text={scheme.description} /> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>

          {reference.tags.map((tag) => {
            const id = `tag-${tag.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
            return (
              <section key={tag.name} aria-labelledby={id} className="mt-14">
                <h2 id={id} className="scroll-mt-6 text-2xl font-bold tracking-tight text-ink">
                  {tag.name}
                </h2>
                {tag.description ? <p className="mt-2 max-w-prose text-slate-700">{tag.description}</p> : null}
                {tag.operations.map((operation) => (
                  <Operation key={operation.id} operation={operation} />
                ))}
              </section>
            );
          })}

          <section aria-labelledby="general" className="mt-14">
            <h2 id="general" className="scroll-mt-6 text-2xl font-bold tracking-tight text-ink">
              Answers of every path
            </h2>
            <ResponsesTable caption="Whatever the path" responses={reference.general} />
          </section>

          <section aria-labelledby="schemas" className="mt-14">
            <h2 id="schemas" className="scroll-mt-6 text-2xl font-bold tracking-tight text-ink">
              Schemas
            </h2>
            {reference.schemas.map((schema) => (
              <div key={schema.name} className="mt-8">
                <h3 id={schemaId(schema.name)} className="scroll-mt-6 font-mono text-lg font-bold text-ink">
                  {schema.name}
                </h3>
                {schema.description ? (
                  <p className="mt-1 max-w-prose text-sm text-slate-700">
                    <Prose text={schema.description} />
                  </p>
                ) : null}
                {schema.fields.length ? (
                  <FieldsTable caption={<span className="sr-only">Fields of {schema.name}</span>} fields={schema.fields} />
                ) : (
                  <p className="mt-1 text-sm text-slate-700">
                    Type: <TypeName type={schema.type} />
                  </p>
                )}
              </div>
            ))}
          </section>
        </Container>
      </main>
    </div>
  );
}
