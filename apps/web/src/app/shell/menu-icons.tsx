import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  PictureOutlined,
  RocketOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { MenuIcon } from '@ads/contracts';
import type { ComponentType } from 'react';

// Named imports only, so that the build keeps these ten icons and not the whole set.
const ICONS: Record<MenuIcon, ComponentType> = {
  overview: DashboardOutlined,
  dataInsights: BarChartOutlined,
  campaign: RocketOutlined,
  assetLibrary: PictureOutlined,
  adManagement: AppstoreOutlined,
  videoLibrary: VideoCameraOutlined,
  publisherContent: FileTextOutlined,
  accountManagement: TeamOutlined,
  advertiserCampaign: FundProjectionScreenOutlined,
  requestManagement: AuditOutlined,
};

export function MenuIconFor({ icon }: { icon: string }) {
  const Icon = (ICONS as Record<string, ComponentType | undefined>)[icon];
  return Icon ? <Icon /> : null;
}

export const hasMenuIcon = (icon: string): boolean => icon in ICONS;
