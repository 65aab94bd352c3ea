// Row types of the tables the platform's sign-in code writes (ADR 0005).
export type SessionState = 'active' | 'pending2fa';

export type SessionRow = {
  id: string;
  user_id: number;
  state: SessionState;
  remember: boolean | number;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    sessions: SessionRow;
  }
}
