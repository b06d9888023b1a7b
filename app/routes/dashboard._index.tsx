import { Link } from "@remix-run/react";
import { overviewCards } from "~/content/dashboard";

export default function DashboardOverview() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {overviewCards.map((card) => (
        <li key={card.to}>
          <Link to={card.to} className="block h-full rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-500">
            <h2 className="font-semibold">{card.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{card.text}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
