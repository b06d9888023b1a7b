import { Link } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { SocialLinks } from "~/components/site/frame";
import { Container, buttonClass } from "~/components/ui";
import type { SiteSettings } from "~/domain/settings.server";
import type { HomeContent } from "~/domain/page-content";

type HeroContent = Pick<HomeContent["home"], "heroEyebrow" | "heroHeadline" | "heroText" | "figures">;

export function Hero({ home, settings }: { home: HeroContent; settings: SiteSettings | undefined }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-[radial-gradient(40rem_24rem_at_100%_0%,var(--color-brand-100),transparent),radial-gradient(30rem_20rem_at_0%_70%,var(--color-sky-50),transparent),linear-gradient(to_bottom,var(--color-brand-50),#fff)]"
    >
      <Container
        className={`grid gap-12 py-14 sm:py-20 lg:items-center lg:gap-16 lg:py-24 ${home.figures.length ? "lg:grid-cols-[1.2fr_0.8fr]" : ""}`}
      >
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-brand-600" />
            {home.heroEyebrow}
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {home.heroHeadline}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-600">{home.heroText}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/contact" className={buttonClass.primary}>
              Start a project
              <Icon name="arrowRight" className="h-5 w-5" />
            </Link>
            <Link to="/services" prefetch="intent" className={buttonClass.secondary}>
              Our services
            </Link>
          </div>
          {settings ? (
            <div className="mt-10 flex flex-wrap items-center gap-4">
              <p className="text-sm font-medium text-slate-600">Follow us</p>
              <SocialLinks settings={settings} />
            </div>
          ) : null}
        </div>
        {home.figures.length ? (
          // One figure fills the row; an odd last one spans both columns, so no cell is left blank.
          <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-3xl border border-slate-200 bg-slate-200 shadow-xl shadow-brand-100/60">
            {home.figures.map((item, index) => (
              <div
                key={index}
                className={`flex flex-col-reverse justify-end gap-1 bg-white p-6 sm:p-8 ${
                  index === home.figures.length - 1 && index % 2 === 0 ? "col-span-2" : ""
                }`}
              >
                <dt className="text-sm text-slate-600">{item.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-brand-700 sm:text-4xl">{item.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </Container>
    </section>
  );
}
