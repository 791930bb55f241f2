import { useEffect, useRef } from 'react';
import { Gantt, TYPES } from '@visactor/vtable-gantt';
import type { GanttData } from './mfg-api.ts';

interface Props {
  data: GanttData;
  from: string;
  to: string;
  centreTitle: string;
  /** a bar was dragged: its work order and new start ('YYYY-MM-DD HH:mm:ss', wall clock) */
  onMove: (id: number, start: string) => void;
  /** milliseconds the chart took to build and draw */
  onRendered?: (ms: number) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
const wall = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;

/** Work orders as bars on one row per work centre (canvas, @visactor/vtable-gantt); conflicting bars red; bars drag to a new start. */
export function GanttChart({ data, from, to, centreTitle, onMove, onRendered }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const move = useRef(onMove);
  move.current = onMove;
  useEffect(() => {
    if (!box.current) return undefined;
    const t0 = performance.now();
    const bad = new Set(data.conflicts.map((c) => c.id));
    const records = data.centres.map((c) => ({
      id: `c${c.id}`,
      name: `${c.name} ×${c.capacity}`,
      children: data.bars
        .filter((b) => b.workCentreId === c.id)
        .map((b) => ({ id: b.id, name: `${b.woNo} ${b.materialName} ${b.quantity}`, start: b.plannedStart, end: b.plannedEnd, conflict: bad.has(b.id) })),
    }));
    const gantt = new Gantt(box.current, {
      records,
      taskKeyField: 'id',
      tasksShowMode: TYPES.TasksShowMode.Sub_Tasks_Arrange,
      minDate: from,
      maxDate: to,
      taskListTable: { columns: [{ field: 'name', title: centreTitle, width: 140 }], tableWidth: 150, minTableWidth: 100 },
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
        moveable: true,
        resizable: false,
        barStyle: (args) => ({ barColor: (args.taskRecord as { conflict?: boolean }).conflict ? '#ff4d4f' : '#1677ff', cornerRadius: 3 }),
      },
      rowHeight: 36,
      headerRowHeight: 30,
    });
    gantt.on('change_date_range', (e) => {
      const r = e.record as { id: number };
      move.current(r.id, wall(e.startDate));
    });
    onRendered?.(performance.now() - t0);
    return () => gantt.release();
  }, [data, from, to, centreTitle, onRendered]);
  return <div ref={box} data-testid="gantt-canvas" style={{ position: 'relative', width: '100%', height: 'calc(100vh - 260px)', minHeight: 360 }} />;
}
