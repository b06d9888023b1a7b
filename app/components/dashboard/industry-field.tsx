import type { ComponentProps } from "react";
import { Link } from "@remix-run/react";
import type { CaseStudyChoices } from "~/domain/shared";
import { Field } from "~/components/forms";

/**
 * The editor's industry: any name, the list's names offered as suggestions (a datalist: the browser shows them with
 * JavaScript off too). A new name joins the list when the case study is saved.
 */
export function IndustryField({
  inputProps,
  industries,
  ...field
}: {
  inputProps: ComponentProps<"input">;
  industries: CaseStudyChoices["industries"];
  errors?: string[];
  invalid?: boolean;
  describedBy?: string;
}) {
  const listId = `${inputProps.id ?? "industry"}-suggestions`;
  return (
    <div>
      <Field
        label="Industry"
        inputProps={{ ...inputProps, list: listId, autoComplete: "off" }}
        hint={
          <>
            One of the list under{" "}
            <Link to="/dashboard/case-studies/industries" className="font-medium text-brand-700 underline underline-offset-2">
              Industries
            </Link>
            , or a new one, which saving adds to it.
          </>
        }
        {...field}
      />
      <datalist id={listId}>
        {industries.map((industry) => (
          <option key={industry.slug} value={industry.name} />
        ))}
      </datalist>
    </div>
  );
}
