// The tool forms' days: today (UTC) and a day some days from another, as YYYY-MM-DD.
const day = (d: Date) => d.toISOString().slice(0, 10);

export const todayUtc = () => day(new Date());

export const addDays = (date: string, n: number) =>
  day(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));
