import { useEffect, useRef } from 'react';
import { Gantt } from '@visactor/vtable-gantt';
import type { GanttData } from './mfg-api.ts';

interface Props {
  data: GanttData;
  from: string;
  to: string;
  centreTitle: string;
  woTitle: string;
  /** a bar was dragged: its work order and new start ('YYYY-MM-DD HH:mm:ss', wall clock) */
  onMove: (id: number, start: string) => void;
  /** milliseconds from building the chart to the frame that shows it */
  onRendered?: (ms: number) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
const wall = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;

/** Work orders as bars, one row each, grouped by work centre (canvas, @visactor/vtable-gantt); conflicting bars red; bars drag to a new start. */
export function GanttChart({ data, from, to, centreTitle, woTitle, onMove, onRendered }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const move = useRef(onMove);
  move.current = onMove;
  useEffect(() => {
    if (!box.current) return undefined;
    const t0 = performance.now();
    const bad = new Set(data.conflicts.map((c) => c.id));
    const centreName = new Map(data.centres.map((c) => [c.id, `${c.name} ×${c.capacity}`]));
    const order = new Map(data.centres.map((c, i) => [c.id, i]));
    // one row per work order, grouped by work centre in the order of the centres
    const records = [...data.bars]
      .sort((x, y) => (order.get(x.workCentreId) ?? 0) - (order.get(y.workCentreId) ?? 0) || x.plannedStart.localeCompare(y.plannedStart))
      .map((b) => ({
        id: b.id,
        centre: centreName.get(b.workCentreId) ?? '',
        name: `${b.woNo} ${b.materialName} ${b.quantity}`,
        start: b.plannedStart,
        end: b.plannedEnd,
        conflict: bad.has(b.id),
      }));
    const gantt = new Gantt(box.current, {
      records,
      taskKeyField: 'id',
      minDate: from,
      maxDate: to,
      taskListTable: {
        columns: [
          { field: 'centre', title: centreTitle, width: 110 },
          { field: 'name', title: woTitle, width: 170 },
        ],
        tableWidth: 280,
        minTableWidth: 120,
      },
      timelineHeader: {
        colWidth: 40,
        scales: [
          { unit: 'day', step: 1, format: (d) => `${d.startDate.getMonth() + 1}-${d.startDate.getDate()}` },
          { unit: 'hour', step: 4 },
        ],
      },
      taskBar: {
        startDateField: 'start',
        endDateField: 'end',
        labelText: '{name}',
        labelTextStyle: { fontSize: 11, color: '#fff' },
        moveable: true,
        resizable: false,
        // a style function replaces the whole default style: every part is given
        barStyle: (args) => {
          const color = (args.taskRecord as { conflict?: boolean }).conflict ? '#ff4d4f' : '#1677ff';
          return { width: 22, barColor: color, completedBarColor: color, cornerRadius: 3, borderLineWidth: 0, borderColor: color };
        },
      },
      rowHeight: 36,
      headerRowHeight: 30,
    });
    gantt.on('change_date_range', (e) => {
      const r = e.record as { id: number };
      // the event carries the record's new start as the record holds it (a formatted string), or a Date
      move.current(r.id, wall(new Date(e.startDate as Date | string)));
    });
    // measured at the next frame: the chart's own drawing, queued for that frame before this, is in it
    let frame = requestAnimationFrame(() => {
      frame = 0;
      onRendered?.(performance.now() - t0);
    });
    // for the browser journey: where a work order's bar is on screen, to drag it like a user
    const el = box.current as HTMLDivElement & { barRect?: (id: number) => DOMRect | undefined };
    el.barRect = (id) => {
      const i = records.findIndex((r) => r.id === id);
      if (i < 0) return undefined;
      const r = gantt.getTaskBarRelativeRect(i);
      const o = el.getBoundingClientRect();
      return new DOMRect(o.left + r.left, o.top + r.top, r.width, r.height);
    };
    return () => {
      if (frame) cancelAnimationFrame(frame);
      gantt.release();
    };
  }, [data, from, to, centreTitle, woTitle, onRendered]);
  return <div ref={box} data-testid="gantt-canvas" style={{ position: 'relative', width: '100%', height: 520 }} />;
}
