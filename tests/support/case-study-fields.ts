/**
 * A valid case study as form fields, in the API's multipart names (technologies[n], outcomes[n][label],
 * outcomes[n][value]). `overrides` replace fields; a null removes one.
 */
export function caseStudyFields(title: string, overrides: Record<string, string | null> = {}): Record<string, string> {
  const all: Record<string, string | null> = {
    title,
    client: "Acme Retail",
    industry: "Retail",
    project_insight: "A storefront rebuilt for speed.",
    "technologies[0]": "React",
    "technologies[1]": " Node.js ",
    "outcomes[0][label]": "Conversion rate",
    "outcomes[0][value]": "+35%",
    "outcomes[1][label]": "Page load",
    "outcomes[1][value]": "1.2 s",
    "outcomes[2][label]": "Monthly users",
    "outcomes[2][value]": "50k",
    website_url: "https://acme.example",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null));
}

/**
 * The same as the dashboard's form sends it: conform's names (`outcomes[0].label`) and the technologies as one
 * comma-separated field. `overrides` use the form's names; a null removes one.
 */
export function caseStudyFormFields(title: string, overrides: Record<string, string | null> = {}): Record<string, string> {
  const api = caseStudyFields(title, { "technologies[0]": null, "technologies[1]": null, technologies: " React, Node.js ,MongoDB " });
  const all: Record<string, string | null> = {
    ...Object.fromEntries(Object.entries(api).map(([name, value]) => [name.replace(/\[(label|value)\]$/, ".$1"), value])),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null));
}
