import { useLoaderData } from "@remix-run/react";
import { SectionsPage } from "../page";
import { sections } from "../sections";

export const loader = () => ({ sections: sections(12) });

export default function About() {
  return <SectionsPage heading="About the studio" content={useLoaderData<typeof loader>().sections} />;
}
