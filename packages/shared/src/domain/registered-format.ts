/** Seed 001 formats: US dollars without decimals; dates MM-DD-YYYY; with time hh:mm A. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

export function formatUsd(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? '' : usd.format(value);
}

/** 'YYYY-MM-DD' (or an ISO timestamp's date part) as MM-DD-YYYY. */
export function formatDateUs(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return y && m && d ? `${m}-${d}-${y}` : '';
}

/** A timestamp as MM-DD-YYYY hh:mm A in the viewer's time zone. */
export function formatDateTimeUs(value: string | Date | null | undefined): string {
  if (!value) return '';
  const at = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = at.getHours() % 12 || 12;
  return `${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${at.getFullYear()} ${pad(hours)}:${pad(at.getMinutes())} ${at.getHours() < 12 ? 'AM' : 'PM'}`;
}
