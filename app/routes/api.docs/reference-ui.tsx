import { Fragment, type ReactNode } from "react";
import type { FieldView, OperationView, ResponseView, TypeView } from "./reference.server";

const methodClass: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900",
  POST: "bg-brand-50 text-brand-700",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-800",
};

export const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-ink";
// Hundreds of cells and code spans: styled from the table and the page (one class list each), not one by one.
const tableClass = [
  "mt-3 w-full border-collapse text-left text-sm",
  "[&_thead_th]:border-b [&_thead_th]:border-slate-300 [&_thead_th]:bg-slate-50 [&_thead_th]:px-3 [&_thead_th]:py-2 [&_thead_th]:font-semibold [&_thead_th]:text-ink",
  "[&_tbody>tr>*]:border-b [&_tbody>tr>*]:border-slate-200 [&_tbody>tr>*]:px-3 [&_tbody>tr>*]:py-2 [&_tbody>tr>*]:align-top [&_tbody>tr>*]:text-slate-700",
  "[&_tbody>tr>*]:[overflow-wrap:anywhere] sm:[&_tbody>tr>*]:[overflow-wrap:break-word] [&_tbody_th]:font-normal",
].join(" ");
export const codeStyles =
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-ink";

export const schemaId = (name: string) => `schema-${name}`;

export function Prose({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, index) =>
          part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
            <code key={index}>{part.slice(1, -1)}</code>
          ) : (
            <Fragment key={index}>{part}</Fragment>
          ),
        )}
    </>
  );
}

export function TypeName({ type }: { type: TypeView }) {
  if (!type.schema) return <code>{type.text}</code>;
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

export function Table({
  caption,
  columns,
  className,
  children,
}: {
  caption: ReactNode;
  columns: string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={className ? `${tableClass} ${className}` : tableClass}>
      <caption className="text-left text-sm font-semibold text-ink">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function sentence(notes: string[]): string {
  const text = notes.join(", ");
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : "";
}

export function FieldsTable({ caption, fields }: { caption: ReactNode; fields: (FieldView & { in?: string })[] }) {
  return (
    <Table caption={caption} columns={["Field", "Type", "Notes"]}>
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
    </Table>
  );
}

export function ResponsesTable({ caption, responses }: { caption: string; responses: ResponseView[] }) {
  return (
    <Table caption={caption} columns={["Status", "Meaning", "Body"]} className="[&_thead_th:first-child]:w-16">
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
    </Table>
  );
}

function Method({ method }: { method: string }) {
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 align-middle font-mono text-sm font-bold ${methodClass[method] ?? "bg-slate-100 text-ink"}`}
    >
      {method}
    </span>
  );
}

export function Operation({ operation }: { operation: OperationView }) {
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
