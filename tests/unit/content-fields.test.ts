import { describe, expect, it } from "vitest";
import { contentFields, type FieldSpec, type ListSpec } from "~/components/dashboard/content-fields";
import { defaultSiteContent } from "~/domain/content-defaults";
import { CONTENT_PARTS, contentSchemas, type ContentPart } from "~/domain/content-schemas";

// The editors' limits are the schemas': a text of `max` characters passes, one more is refused at that field; a
// list of `max` entries passes, one more is refused. Probed through the schemas, so a changed limit fails here.

type Json = Record<string, unknown>;
const options = { services: [{ value: "web-development", label: "Web development" }] };

/** A value of exactly `length` characters the field's other rules accept. */
function textOf(spec: FieldSpec, length: number): string {
  if (spec.kind === "url") return `https://example.com/${"a".repeat(Math.max(0, length - 20))}`;
  if (spec.name === "slug") return "a".repeat(length);
  return "x".repeat(length);
}

function issuesAt(part: ContentPart, content: Json, path: string): string[] {
  const result = contentSchemas[part].safeParse(content);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join(".") === path).map((issue) => issue.message);
}

type Probe = { path: string; spec: FieldSpec; set: (content: Json, value: unknown) => void; current: (content: Json) => unknown };

/** Every text field and list of a part, with where it sits in the part's content (a list's fields in its first entry). */
function probes(fields: FieldSpec[], at: (content: Json) => Json, prefix: string): Probe[] {
  return fields.flatMap((spec): Probe[] => {
    const path = `${prefix}${spec.name}`;
    const own: Probe = {
      path,
      spec,
      set: (content, value) => (at(content)[spec.name] = value),
      current: (content) => at(content)[spec.name],
    };
    if (spec.kind === "group") return probes(spec.fields, (content) => at(content)[spec.name] as Json, `${path}.`);
    if (spec.kind === "list") {
      const first = (content: Json) => (at(content)[spec.name] as Json[])[0]!;
      return [own, ...probes(spec.fields, first, `${path}.0.`)];
    }
    return [own];
  });
}

describe("the content editors' limits", () => {
  for (const part of CONTENT_PARTS) {
    const base = () => structuredClone(defaultSiteContent()[part]) as unknown as Json;
    it(`${part}: every text's maxLength and every list's maximum are the schema's`, () => {
      expect(contentSchemas[part].safeParse(base()).success).toBe(true);
      for (const probe of probes(contentFields(part, options), (content) => content, "")) {
        const { spec } = probe;
        if (spec.kind === "list") {
          const list = (spec as ListSpec).max;
          const content = base();
          const entries = probe.current(content) as unknown[];
          if (entries.length === 0) continue;
          const filled = (count: number) => Array.from({ length: count }, (_, index) => ({ ...(entries[0] as Json), slug: `s${index}` }));
          probe.set(content, filled(list));
          expect(issuesAt(part, content, probe.path), `${part} ${probe.path} at ${list}`).toEqual([]);
          probe.set(content, filled(list + 1));
          expect(issuesAt(part, content, probe.path), `${part} ${probe.path} past ${list}`).not.toEqual([]);
          continue;
        }
        if (!["text", "url", "textarea", "markdown"].includes(spec.kind)) continue;
        const max = "max" in spec ? spec.max : undefined;
        expect(max, `${part} ${probe.path} has a limit`).toBeTypeOf("number");
        const content = base();
        if (probe.current(content) === undefined) continue;
        probe.set(content, textOf(spec, max!));
        expect(issuesAt(part, content, probe.path), `${part} ${probe.path} at ${max}`).toEqual([]);
        probe.set(content, textOf(spec, max! + 1));
        expect(issuesAt(part, content, probe.path), `${part} ${probe.path} past ${max}`).not.toEqual([]);
      }
    });
  }
});
