const minuteFormat = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO time as zh-CN date and time to the minute: '2025/03/08 14:05'. */
export function formatMinute(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso || '-' : minuteFormat.format(time);
}
