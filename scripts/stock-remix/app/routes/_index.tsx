import { useLoaderData } from "@remix-run/react";
import { SectionsPage } from "../page";
import { sections } from "../sections";

export const loader = () => ({ sections: sections(18) });

export default function Index() {
  return <SectionsPage heading="We design, build and grow digital products." content={useLoaderData<typeof loader>().sections} />;
}
