import { useLoaderData } from "@remix-run/react";
import { sections } from "../sections";

export const loader = () => ({ sections: sections(18) });

export default function Index() {
  const { sections } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>We design, build and grow digital products.</h1>
      {sections.map((section) => (
        <section key={section.id}>
          <h2>{section.title}</h2>
          <p>{section.text}</p>
          <ul>
            {section.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
