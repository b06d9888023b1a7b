import type { sections } from "./sections";

/** A heading and its sections, as both routes render them. */
export function SectionsPage({ heading, content }: { heading: string; content: ReturnType<typeof sections> }) {
  return (
    <main>
      <h1>{heading}</h1>
      {content.map((section) => (
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
