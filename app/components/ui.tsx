import type { ReactNode } from "react";

export function Container({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-6xl px-5 sm:px-8 ${className}`}>{children}</div>;
}

export function PageHeader({ eyebrow, title, intro }: { eyebrow?: string; title: string; intro?: ReactNode }) {
  return (
    <header className="max-w-3xl">
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
    </header>
  );
}

export function Section({
  labelledBy,
  tinted = false,
  compact = false,
  children,
}: {
  labelledBy: string;
  tinted?: boolean;
  compact?: boolean;
  children: ReactNode;
}) {
  const spacing = compact ? "py-14 sm:py-20" : "py-16 sm:py-24";
  return (
    <section aria-labelledby={labelledBy} className={tinted ? `bg-slate-50 ${spacing}` : spacing}>
      <Container>{children}</Container>
    </section>
  );
}

export function SectionHeading({ id, eyebrow, title, intro }: { id?: string; eyebrow?: string; title: string; intro?: ReactNode }) {
  return (
    <div className="max-w-2xl">
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
      <h2 id={id} className="mt-1 text-3xl font-bold tracking-tight text-balance">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-slate-600">{intro}</p> : null}
    </div>
  );
}

const buttonShape =
  "inline-flex items-center justify-center gap-2 rounded-lg font-medium focus-visible:outline-2 focus-visible:outline-offset-2";
const buttonTone = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60",
  secondary:
    "border border-slate-300 bg-white text-ink hover:bg-slate-50 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-white",
  danger: "border border-red-200 bg-white text-red-700 hover:bg-red-50 focus-visible:outline-red-600 disabled:opacity-60",
} as const;

export const buttonClass = {
  primary: `${buttonShape} px-5 py-3 ${buttonTone.primary}`,
  secondary: `${buttonShape} px-5 py-3 ${buttonTone.secondary}`,
  compact: {
    primary: `${buttonShape} px-4 py-2 text-sm ${buttonTone.primary}`,
    secondary: `${buttonShape} px-4 py-2 text-sm ${buttonTone.secondary}`,
    danger: `${buttonShape} px-3 py-2 text-sm ${buttonTone.danger}`,
  },
} as const;
