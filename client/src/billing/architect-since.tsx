// "Architect since {date}" on the dashboard (CONTRACT §6): the day the member's tier last became
// paid, as the server counts it (UTC, as the course's opening days are).
import './architect-since.css';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function architectSinceText(paidSince: string): string {
  return `Architect since ${DAY.format(new Date(paidSince))}`;
}

export function ArchitectSince({ paidSince }: { paidSince: string | null }) {
  if (!paidSince) return null;
  return <span className="tier-badge__since">{architectSinceText(paidSince)}</span>;
}
