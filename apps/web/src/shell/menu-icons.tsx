import type { ComponentType } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FundOutlined,
  HddOutlined,
  HomeOutlined,
  MoneyCollectOutlined,
  PieChartOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';

/** Menu icons by the kebab-case names the server's menu uses; imported one by one to keep the chunk small. */
const ICONS: Record<string, ComponentType> = {
  apartment: ApartmentOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  cluster: ClusterOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  fund: FundOutlined,
  hdd: HddOutlined,
  home: HomeOutlined,
  'money-collect': MoneyCollectOutlined,
  'pie-chart': PieChartOutlined,
  project: ProjectOutlined,
  'safety-certificate': SafetyCertificateOutlined,
  setting: SettingOutlined,
  'shopping-cart': ShoppingCartOutlined,
  shopping: ShoppingOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
};

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && ICONS[name]) || FileTextOutlined;
  return <Icon />;
}
