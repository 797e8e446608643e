import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  auditActionLabel,
  auditEntityLabel,
} from './audit-actions.ts';
import { routes } from './index.ts';
import type { RouteDef } from './route.ts';

/**
 * The label table covers every action that can be written: the services'
 * own actions are held to it by the type of the API's audit function (and
 * the API's audit walk checks every row it sees); the generic row of a write
 * route without `audit: 'self'` is named after the route, checked here.
 */
describe('audit labels', () => {
  it('name every generic action: each write route audited by the route layer', () => {
    const generic = Object.entries(routes as Record<string, RouteDef>)
      .filter(([, d]) => d.method === 'POST' && d.audit === undefined)
      .map(([name]) => name);
    expect(generic.filter((n) => !(n in AUDIT_ACTIONS))).toEqual([]);
  });

  it('are sentences, not codes, and each action belongs to a known entity', () => {
    for (const [code, { label, entity }] of Object.entries(AUDIT_ACTIONS)) {
      expect(label, code).toMatch(/^[A-Z][a-z]/);
      expect(label, code).not.toMatch(/_/);
      expect(AUDIT_ENTITIES, code).toHaveProperty(entity);
    }
    expect(new Set(Object.values(AUDIT_ACTIONS).map((a) => a.label)).size).toBe(
      Object.keys(AUDIT_ACTIONS).length,
    );
  });

  it('turn an unknown code from an older row into words', () => {
    expect(auditActionLabel('toc_node_moved')).toBe('Moved a TOC node');
    expect(auditActionLabel('old_thing_done')).toBe('Old thing done');
    expect(auditActionLabel('createQuestion')).toBe('Create question');
    expect(auditEntityLabel('toc_node')).toBe('TOC node');
  });
});
