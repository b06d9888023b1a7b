/** The JSON shapes of the entities, as pages and the API see them: `id` strings, never `_id`, never a password. */
export type Outcome = { label: string; value: string };

export type CaseStudy = {
  id: string;
  title: string;
  client: string;
  industry: string;
  project_insight: string;
  technologies: string[];
  outcomes: Outcome[];
  image_url: string;
  website_url: string | null;
  created_at: string;
};

export type Admin = { id: string; name: string; email: string };
