import { Card, Col, Statistic } from 'antd';
import { useNavigate } from 'react-router';

/** A figure card that opens its list when clicked; a withheld value (price masking) shows '—'. */
export function LinkFigure(props: {
  title: string;
  value: number | string | null | undefined;
  link: string;
  money?: boolean;
  testId: string;
  warn?: boolean;
  note?: string;
}) {
  const navigate = useNavigate();
  const v = props.value === null || props.value === undefined ? null : Number(props.value);
  return (
    <Col xs={12} md={8} xl={6}>
      <Card size="small" hoverable style={{ height: '100%' }} onClick={() => void navigate(props.link)} data-testid={props.testId} data-link={props.link}>
        <Statistic
          title={props.title}
          value={v === null ? '—' : v}
          precision={props.money && v !== null ? 2 : undefined}
          styles={{ content: { color: props.warn && v ? '#cf1322' : undefined } }}
        />
        {props.note && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{props.note}</div>}
      </Card>
    </Col>
  );
}
