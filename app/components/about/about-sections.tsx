import { storedImage } from "~/lib/images";
import type { AboutContent } from "~/domain/page-content";
import { Icon } from "../icons";

type Achievement = AboutContent["about"]["achievements"][number];
type ApproachPillar = AboutContent["about"]["pillars"][number];
type TeamMember = AboutContent["team"][number];

export function StatementCard({ id, title, text, tone }: { id: string; title: string; text: string; tone: "brand" | "ink" }) {
  const colors = tone === "brand" ? "bg-brand-600 text-white" : "bg-ink text-white";
  const textColor = tone === "brand" ? "text-brand-50" : "text-slate-200";
  return (
    <section aria-labelledby={id} className={`relative overflow-hidden rounded-3xl p-7 sm:p-10 ${colors}`}>
      <div aria-hidden="true" className="pointer-events-none absolute -right-16 -top-16 h-48 w-48 rounded-full bg-white/10" />
      <h2 id={id} className="relative text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <p className={`relative mt-4 text-lg leading-relaxed ${textColor}`}>{text}</p>
    </section>
  );
}

export function AchievementList({ items }: { items: readonly Achievement[] }) {
  return (
    <dl className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
      {items.map((item, index) => (
        <div key={index} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
          <dt className="order-2 mt-2 font-semibold text-ink">{item.label}</dt>
          <dd className="order-1 text-4xl font-bold tracking-tight text-brand-700 sm:text-5xl">{item.value}</dd>
          {item.detail ? <dd className="order-3 mt-1 text-sm text-slate-600">{item.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

export function PillarList({ pillars }: { pillars: readonly ApproachPillar[] }) {
  return (
    <ol className="mt-10 grid gap-6 md:grid-cols-3">
      {pillars.map((pillar, index) => (
        <li key={index} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7">
          <span aria-hidden="true" className="text-sm font-bold tracking-widest text-brand-700">
            {String(index + 1).padStart(2, "0")}
          </span>
          <h3 className="mt-2 text-xl font-semibold tracking-tight text-ink">{pillar.title}</h3>
          <p className="mt-3 leading-relaxed text-slate-600">{pillar.text}</p>
          {pillar.points.length ? (
            <ul className="mt-5 space-y-2 border-t border-slate-100 pt-5 text-sm text-slate-700">
              {pillar.points.map((point, pointIndex) => (
                <li key={pointIndex} className="flex gap-2">
                  <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                  {point}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

const NEW_TAB_HINT_ID = "team-profile-new-tab";

export function TeamList({ members }: { members: readonly TeamMember[] }) {
  return (
    <>
      <span id={NEW_TAB_HINT_ID} hidden>
        Opens in a new tab
      </span>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {members.map((member, index) => (
          <li key={index} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
            <div className="flex items-center gap-4 md:flex-col md:items-stretch">
              {member.portrait ? (
                <img
                  {...storedImage(member.portrait.url, "(min-width: 768px) 20rem, 6rem")}
                  alt={member.portrait.alt}
                  width={640}
                  height={800}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/5] w-24 shrink-0 rounded-xl bg-brand-50 object-cover md:w-full"
                />
              ) : null}
              <div className="md:mt-1">
                <h3 className="text-xl font-semibold tracking-tight text-ink">{member.name}</h3>
                <p className="mt-0.5 font-medium text-brand-700">{member.role}</p>
              </div>
            </div>
            {member.bio ? <p className="mt-4 leading-relaxed text-slate-600">{member.bio}</p> : null}
            {member.expertise.length ? (
              <>
                <h4 className="mt-5 text-xs font-semibold uppercase tracking-wider text-slate-600">Expertise</h4>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {member.expertise.map((skill, skillIndex) => (
                    <li key={skillIndex} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
                      {skill}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {member.profileUrl ? <ProfileLink name={member.name} url={member.profileUrl} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A LinkedIn profile says so; any other address is the member's profile. */
function ProfileLink({ name, url }: { name: string; url: string }) {
  const linkedIn = /(^|\.)linkedin\.com$/.test(new URL(url).hostname);
  return (
    <div className="mt-auto pt-5">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={linkedIn ? `${name} on LinkedIn` : `${name}'s profile`}
        aria-describedby={NEW_TAB_HINT_ID}
        className="inline-flex items-center gap-2 rounded-lg py-1 text-sm font-semibold text-brand-700 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Icon name={linkedIn ? "linkedin" : "link"} className="h-5 w-5" />
        {linkedIn ? "LinkedIn" : "Profile"}
        <Icon name="external" className="h-4 w-4" />
      </a>
    </div>
  );
}
