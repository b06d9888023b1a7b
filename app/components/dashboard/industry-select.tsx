import type { ComponentProps } from "react";
import { Link } from "@remix-run/react";
import type { CaseStudyChoices } from "~/domain/catalogue";
import { SelectField } from "~/components/forms";

/** The editor's industry: one of the list; a stored name the list no longer has stays shown, marked, until another is chosen. */
export function IndustrySelect({
  selectProps,
  industries,
  current,
  ...field
}: {
  selectProps: ComponentProps<"select">;
  industries: CaseStudyChoices["industries"];
  current: string;
  errors?: string[];
  invalid?: boolean;
  describedBy?: string;
}) {
  const listed = !current || industries.some((industry) => industry.name === current);
  return (
    <SelectField
      label="Industry"
      selectProps={selectProps}
      hint={
        <>
          From the list under{" "}
          <Link to="/dashboard/case-studies/industries" className="font-medium text-brand-700 underline underline-offset-2">
            Industries
          </Link>
          .
        </>
      }
      {...field}
    >
      <option value="">Choose an industry</option>
      {industries.map((industry) => (
        <option key={industry.slug} value={industry.name}>
          {industry.name}
        </option>
      ))}
      {listed ? null : <option value={current}>{`${current} (not in the list)`}</option>}
    </SelectField>
  );
}
