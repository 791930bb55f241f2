import { defineEntity, f } from '../kit/definition.ts';

const HHMM = { regex: '^([01]\\d|2[0-3]):[0-5]\\d$', message: '时间格式应为 HH:mm' };

/** A day that differs from the calendar's week: a holiday (no work) or an overtime day (work, on its own hours or the shifts). */
export const calendarDay = defineEntity({
  name: 'calendarDay',
  table: 'mfg_calendar_day',
  area: 'manufacturing',
  kind: 'line',
  label: { zh: '节假日与加班', en: 'Holidays and overtime' },
  menu: '/process/calendar',
  nameField: 'day',
  nameScope: ['calendarId'],
  nameExistsMessage: '该日期已设置',
  fields: {
    calendarId: f.link('日历', 'Calendar', { entity: 'workCalendar', required: true }),
    day: f.date('日期', 'Date', { required: true, sort: true }),
    kind: f.enum('类型', 'Kind', {
      required: true,
      options: [
        { value: 'holiday', label: { zh: '节假日', en: 'Holiday' } },
        { value: 'overtime', label: { zh: '加班', en: 'Overtime' } },
      ],
    }),
    startTime: f.text('开始时间', 'From', { max: 5, pattern: HHMM }),
    endTime: f.text('结束时间', 'To', { max: 5, pattern: HHMM }),
    remark: f.text('说明', 'Note', { max: 100 }),
  },
});

/**
 * A working-time calendar (工作日历): the working weekdays, up to three shifts a day, and its
 * holidays and overtime days. The default calendar is the company's; a work centre may name its own.
 */
export const workCalendar = defineEntity({
  name: 'workCalendar',
  table: 'mfg_calendar',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '工作日历', en: 'Working calendar' },
  menu: '/process/calendar',
  nameField: 'name',
  nameExistsMessage: '日历名称已存在',
  softDelete: true,
  fields: {
    name: f.text('日历名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    isDefault: f.bool('公司默认', 'Company default', { exclusive: true }),
    workdays: f.text('工作日', 'Working weekdays', {
      required: true,
      max: 13,
      pattern: { regex: '^[1-7](,[1-7]){0,6}$', message: '工作日格式应为 1,2,3,4,5（1=周一）' },
    }),
    shift1Start: f.text('班次1开始', 'Shift 1 from', { required: true, max: 5, pattern: HHMM }),
    shift1End: f.text('班次1结束', 'Shift 1 to', { required: true, max: 5, pattern: HHMM }),
    shift2Start: f.text('班次2开始', 'Shift 2 from', { max: 5, pattern: HHMM }),
    shift2End: f.text('班次2结束', 'Shift 2 to', { max: 5, pattern: HHMM }),
    shift3Start: f.text('班次3开始', 'Shift 3 from', { max: 5, pattern: HHMM, list: false }),
    shift3End: f.text('班次3结束', 'Shift 3 to', { max: 5, pattern: HHMM, list: false }),
    days: f.lines('节假日与加班', 'Holidays and overtime', { of: calendarDay, foreignKey: 'calendarId', maxLines: 400 }),
  },
});
