import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Container } from "~/components/ui";
import { useFrame } from "~/hooks/use-frame";
import { brandFrom, titleWith } from "~/domain/page-content";
import { seo } from "~/lib/seo";
import { getApiReference } from "./reference.server";
import { codeStyles, FieldsTable, linkClass, Operation, Prose, ResponsesTable, schemaId, Table, TypeName } from "./reference-ui";

export async function loader() {
  return getApiReference();
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    path: "/api/docs",
    title: titleWith(matches, "API reference"),
    description: `The ${brandFrom(matches).name} JSON API: every route, its authentication, request fields and answers, from the OpenAPI 3.1 document.`,
  });

export default function ApiDocsPage() {
  const reference = useLoaderData<typeof loader>();
  const studio = useFrame()?.brand.name;
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-slate-50">
        <Container className="flex flex-wrap items-center justify-between gap-3 py-4">
          <a href="/" className="font-semibold text-ink hover:text-brand-700">
            {studio}
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
            <Table caption={<span className="sr-only">Security schemes</span>} columns={["Scheme", "Sent as", "Details"]}>
              {reference.security.map((scheme) => (
                <tr key={scheme.name}>
                  <th scope="row">
                    <code>{scheme.name}</code>
                  </th>
                  <td>{scheme.kind}</td>
                  <td>{scheme.description ? <Prose text={scheme.description} /> : null}</td>
                </tr>
              ))}
            </Table>
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
