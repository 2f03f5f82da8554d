/**
 * A Chinese reading of a Quartz expression, good enough to check a schedule at a glance:
 * '0 15 10 * * ?' → '每天 10:15:00', '0 0/30 9-17 ? * MON-FRI' → '每周一至周五 9-17时 每30分钟（从第0分钟起） 0秒'.
 * Works on the field texts; the parser has validated them already.
 */
import { CRON_FIELD_LABELS, type Cron, type CronFieldName } from './parse.ts';

const WEEK_LABELS = ['', '周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEK_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function num(f: CronFieldName, token: string): number {
  const up = token.toUpperCase();
  if (f === 'month' && MONTH_NAMES.includes(up)) return MONTH_NAMES.indexOf(up) + 1;
  if (f === 'week' && WEEK_NAMES.includes(up)) return WEEK_NAMES.indexOf(up) + 1;
  return Number(token);
}

const UNIT: Record<CronFieldName, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '',
  year: '年',
};

function valueText(f: CronFieldName, token: string): string {
  const n = num(f, token);
  return f === 'week' ? (WEEK_LABELS[n] ?? token) : `${n}`;
}

/** One list item of a field: '5', '1-5', '0/15', 'L', '15W', '6#3' … */
function itemText(f: CronFieldName, item: string): string {
  const up = item.toUpperCase();
  const unit = UNIT[f];
  let m: RegExpExecArray | null;
  if (f === 'day') {
    if (up === 'L') return '最后一天';
    if (up === 'LW') return '最后一个工作日';
    if ((m = /^L-(\d+)$/.exec(up))) return `倒数第${Number(m[1]) + 1}天`;
    if ((m = /^L-(\d+)W$/.exec(up))) return `离倒数第${Number(m[1]) + 1}天最近的工作日`;
    if ((m = /^LW-(\d+)$/.exec(up))) return `最后一个工作日前${m[1]}天`;
    if ((m = /^(\d+)W$/.exec(up))) return `离${m[1]}日最近的工作日`;
  }
  if (f === 'week') {
    if (up === 'L') return '周六';
    if ((m = /^(\w+)L$/.exec(up))) return `最后一个${valueText(f, m[1]!)}`;
    if ((m = /^(\w+)#(\d)$/.exec(up))) return `第${m[2]}个${valueText(f, m[1]!)}`;
  }
  const [body = '*', step] = item.split('/');
  if (step !== undefined) {
    const from =
      body === '*' || body === ''
        ? ''
        : `（从${
            body.includes('-')
              ? body
                  .split('-')
                  .map((v) => valueText(f, v))
                  .join('至')
              : valueText(f, body)
          }${unit}起）`;
    return f === 'week'
      ? `每隔${step}天${from}`
      : `每${step}${unit === '时' ? '小时' : unit === '分' ? '分钟' : unit}${from}`;
  }
  if (body.includes('-')) {
    const [a = '', b = ''] = body.split('-');
    return `${valueText(f, a)}${f === 'week' ? '至' : '-'}${valueText(f, b)}${unit}`;
  }
  return `${valueText(f, body)}${unit}`;
}

function fieldText(f: CronFieldName, text: string): string {
  if (text === '*') return `每${CRON_FIELD_LABELS[f] === '周' ? '天' : CRON_FIELD_LABELS[f]}`;
  return text
    .split(',')
    .map((item) => itemText(f, item))
    .join('、');
}

const isNumber = (s: string) => /^\d+$/.test(s);
const pad = (s: string) => s.padStart(2, '0');

/** A short Chinese description of when the expression fires. */
export function describeCron(cron: Cron): string {
  const { second, minute, hour, day, month, week, year } = cron.fields;
  const parts: string[] = [];
  if (year !== '*') parts.push(`${fieldText('year', year)}`);
  if (month !== '*') parts.push(`${fieldText('month', month)}`);
  if (week !== '?') {
    if (week === '*') parts.push('每天');
    else if (/[L#]/i.test(week)) parts.push(`每月${fieldText('week', week)}`);
    else parts.push(`每${fieldText('week', week).replace(/^每/, '')}`);
  } else if (day === '*') parts.push('每天');
  else parts.push(`${month === '*' ? '每月' : ''}${fieldText('day', day)}`);
  if (isNumber(second) && isNumber(minute) && isNumber(hour)) {
    parts.push(`${pad(hour)}:${pad(minute)}:${pad(second)}`);
  } else {
    const time: string[] = [];
    if (hour !== '*') time.push(fieldText('hour', hour));
    else if (minute !== '*') time.push('每小时');
    if (minute !== '*' || hour !== '*') time.push(fieldText('minute', minute));
    else if (second !== '*') time.push('每分钟');
    time.push(fieldText('second', second));
    parts.push(time.join(' '));
  }
  return parts.join(' ').replace(/^每天 每秒$/, '每秒');
}
