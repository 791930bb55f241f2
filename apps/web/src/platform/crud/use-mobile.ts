import { Grid } from 'antd';

/** SPEC §2.3 mobile mode (below 768 px): antd's md breakpoint is the same line. */
export function useMobile(): boolean {
  return Grid.useBreakpoint().md === false;
}
