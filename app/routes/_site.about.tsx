import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AchievementList, PillarList, StatementCard, TeamList } from "~/components/about/about-sections";
import { Icon } from "~/components/icons";
import { buttonClass, Container, PageHeader, Section, SectionHeading } from "~/components/ui";
import { seo } from "~/lib/seo";
import { aboutContent, brandFrom, titleWith } from "~/domain/page-content";
import { requireDb } from "~/server/db.server";
import { siteContentFor } from "~/server/preview.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireDb();
  return aboutContent((await siteContentFor(request)).content);
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  seo({
    matches,
    path: "/about",
    title: titleWith(matches, "About us"),
    description: `Meet ${brandFrom(matches).name}: our mission, vision and approach, the results we have delivered and the leadership team behind our software, web, app, design, video and marketing work.`,
  });

export default function AboutPage() {
  const { about, team } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="relative overflow-hidden border-b border-slate-200 bg-linear-to-b from-brand-50 to-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-brand-100 opacity-70 blur-3xl sm:h-96 sm:w-96"
        />
        <Container className="relative py-14 sm:py-20">
          <PageHeader eyebrow={about.eyebrow} title={about.title} intro={about.intro} />
        </Container>
      </div>

      <Container className="py-14 sm:py-20">
        <div className="grid gap-6 md:grid-cols-2">
          <StatementCard id="mission" title={about.mission.title} text={about.mission.text} tone="brand" />
          <StatementCard id="vision" title={about.vision.title} text={about.vision.text} tone="ink" />
        </div>
      </Container>

      {about.achievements.length ? (
        <Section labelledBy="achievements" tinted compact>
          <SectionHeading
            id="achievements"
            eyebrow="Achievements"
            title="A decade of work that delivers"
            intro="Numbers we are proud of, earned one project and one long-term partnership at a time."
          />
          <AchievementList items={about.achievements} />
        </Section>
      ) : null}

      <Section labelledBy="approach" compact>
        <SectionHeading id="approach" eyebrow="Our approach" title={about.approach.title} intro={about.approach.text} />
        {about.pillars.length ? <PillarList pillars={about.pillars} /> : null}
      </Section>

      {team.length ? (
        <Section labelledBy="team" tinted compact>
          <SectionHeading
            id="team"
            eyebrow="Leadership"
            title="Meet the leadership team"
            intro="Senior people lead every project personally, from the first workshop to launch and beyond."
          />
          <TeamList members={team} />
        </Section>
      ) : null}

      <Section labelledBy="about-cta" compact>
        <div className="rounded-3xl bg-ink px-6 py-10 text-center sm:px-12 sm:py-14">
          <h2 id="about-cta" className="text-2xl font-bold tracking-tight text-balance text-white sm:text-3xl">
            Have a project in mind? Let&apos;s talk.
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-300">
            Tell us where you want to go. We will reply within one business day with ideas, questions and next steps.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/contact" className={buttonClass.primary}>
              Start a project
              <Icon name="arrowRight" className="h-5 w-5" />
            </Link>
            <Link to="/services" className={buttonClass.secondary}>
              Explore our services
            </Link>
          </div>
        </div>
      </Section>
    </>
  );
}
