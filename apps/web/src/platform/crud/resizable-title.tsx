import { useRef, type MouseEvent as ReactMouseEvent, type ThHTMLAttributes } from 'react';

/** SPEC §2.3: a header cell is resized by dragging within 10 px of its right edge. */
export const GRAB_ZONE = 10;
const MIN_WIDTH = 50;

type Props = ThHTMLAttributes<HTMLTableCellElement> & {
  width?: number;
  onResize?: (width: number) => void;
};

/** Header cell for antd Table's `components.header.cell`; columns pass width and onResize via onHeaderCell. */
export function ResizableTitle({ width, onResize, style, children, ...rest }: Props) {
  const start = useRef<{ x: number; w: number } | null>(null);
  if (!onResize || !width)
    return (
      <th style={style} {...rest}>
        {children}
      </th>
    );

  const down = (e: ReactMouseEvent) => {
    // the drag must not also sort the column or start a text selection
    e.preventDefault();
    e.stopPropagation();
    start.current = { x: e.clientX, w: width };
    const move = (ev: MouseEvent) => {
      if (start.current) onResize(Math.max(MIN_WIDTH, Math.round(start.current.w + ev.clientX - start.current.x)));
    };
    const up = () => {
      start.current = null;
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      document.body.style.cursor = '';
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
    document.body.style.cursor = 'col-resize';
  };

  return (
    <th style={{ ...style, position: 'relative' }} {...rest}>
      {children}
      <span
        className="erp-col-resize"
        onMouseDown={down}
        onClick={(e) => e.stopPropagation()}
        style={{ position: 'absolute', top: 0, right: 0, bottom: 0, width: GRAB_ZONE, cursor: 'col-resize', zIndex: 1 }}
        data-testid="col-resize"
      />
    </th>
  );
}
