import { Link } from "@remix-run/react";
import type { WorkCardStudy } from "~/components/case-studies/work-card";
import { Icon } from "~/components/icons";
import { SocialLinks } from "~/components/site/frame";
import { Container, buttonClass } from "~/components/ui";
import type { SiteSettings } from "~/domain/settings.server";
import type { HomeContent } from "~/domain/page-content";
import { LatestWork } from "./latest-work";

type HeroContent = Pick<HomeContent["home"], "heroEyebrow" | "heroHeadline" | "heroText" | "figures">;

/**
 * The words, the work and the social links in the first screen at 390 × 844 and 1280 × 800. On a phone the work
 * comes between the calls to action and the social links; on a wide screen it is the column beside them.
 */
export function Hero({ home, settings, work }: { home: HeroContent; settings: SiteSettings | undefined; work: readonly WorkCardStudy[] }) {
  const withWork = work.length > 0;
  return (
    <section aria-labelledby="hero-title" className="border-b border-slate-200">
      <Container
        className={`grid gap-y-8 pt-8 pb-10 sm:pt-12 lg:gap-x-16 lg:pt-10 lg:pb-12 ${
          withWork ? "lg:grid-cols-2 lg:grid-rows-[auto_1fr]" : ""
        }`}
      >
        <div className={withWork ? "" : "max-w-3xl lg:pt-6"}>
          <p className="text-xs font-semibold tracking-[0.16em] text-brand-700 uppercase">{home.heroEyebrow}</p>
          <h1
            id="hero-title"
            className="mt-3 text-[2.5rem] leading-[1.04] font-semibold tracking-[-0.035em] text-balance sm:text-6xl lg:text-[3.5rem]"
          >
            {home.heroHeadline}
          </h1>
          <p className="mt-4 max-w-xl text-slate-600 sm:mt-6 sm:text-lg sm:leading-relaxed">{home.heroText}</p>
          <div className="mt-6 flex flex-wrap gap-3 sm:mt-8">
            <Link to="/contact" className={buttonClass.primary}>
              Start a project
              <Icon name="arrowRight" className="h-5 w-5" />
            </Link>
            <Link to="/services" prefetch="intent" className={buttonClass.secondary}>
              Our services
            </Link>
          </div>
        </div>
        <LatestWork studies={work} className="lg:col-start-2 lg:row-span-2 lg:row-start-1" />
        {settings ? (
          <div className="flex flex-wrap items-center gap-4 lg:self-start">
            <p className="text-sm font-medium text-slate-600">Follow us</p>
            <SocialLinks settings={settings} />
          </div>
        ) : null}
      </Container>
      {home.figures.length ? (
        <Container>
          <dl className="grid grid-cols-2 gap-x-8 gap-y-6 border-t border-slate-200 py-8 sm:grid-cols-4">
            {home.figures.map((item, index) => (
              <div key={index} className="flex flex-col-reverse justify-end gap-1">
                <dt className="text-sm text-slate-600">{item.label}</dt>
                <dd className="text-3xl font-semibold tracking-tight text-ink tabular-nums">{item.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      ) : null}
    </section>
  );
}
