export interface MenuItem {
  id: number;
  menuType: 'nav' | 'quicklink';
  menu: 'main' | 'user';
  path: string;
  title: string;
  target: '_self' | '_blank';
  viewOrder: number;
  color: string | null;
}

export interface AccessControlRule {
  id: number;
  type: 'menu' | 'both';
  name: string;
  key: string;
  value: string;
  action: 'allow' | 'deny';
  operator: 'equals' | 'notEquals' | 'in';
}
