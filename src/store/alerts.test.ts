import { beforeEach, describe, expect, it } from 'vitest';
import { ALERT_DEFAULT_DURATION_MS, alerts, clearAlerts, dismissAlert, showAlert } from './alerts.ts';
import { pageSingleton } from '../page-singleton.ts';

beforeEach(() => {
  clearAlerts();
});

describe('alerts store', () => {
  it('should add an alert with the default 3000 ms duration and return its id', () => {
    const id = showAlert({ type: 'success', header: 'Saved', content: 'Your address was saved.' });
    expect(ALERT_DEFAULT_DURATION_MS).toBe(3000);
    expect(alerts.value).toEqual([{ id, type: 'success', header: 'Saved', content: 'Your address was saved.', duration: 3000 }]);
  });

  it('should keep an error until dismissed unless given a duration', () => {
    showAlert({ type: 'error', content: 'Failed' });
    showAlert({ type: 'error', content: 'Failed quickly', duration: 4000 });
    showAlert({ type: 'warning', content: 'Careful' });
    expect(alerts.value.map((alert) => alert.duration)).toEqual([0, 4000, 3000]);
  });

  it('should keep a custom duration, and 0 (or a negative one) as "until dismissed"', () => {
    showAlert({ type: 'info', content: 'a', duration: 5000 });
    showAlert({ type: 'info', content: 'b', duration: 0 });
    showAlert({ type: 'info', content: 'c', duration: -1 });
    expect(alerts.value.map((alert) => alert.duration)).toEqual([5000, 0, 0]);
  });

  it('should keep list content and append alerts in order with distinct ids', () => {
    const first = showAlert({ type: 'error', content: ['Street is required', 'City is required'] });
    const second = showAlert({ type: 'warning', content: 'Low stock' });
    expect(first).not.toBe(second);
    expect(alerts.value.map((alert) => alert.id)).toEqual([first, second]);
    expect(alerts.value[0]?.content).toEqual(['Street is required', 'City is required']);
    expect(alerts.value[0]).not.toHaveProperty('header');
  });

  it('should dismiss one alert by id and ignore unknown ids', () => {
    const first = showAlert({ type: 'info', content: 'one' });
    const second = showAlert({ type: 'info', content: 'two' });
    const before = alerts.value;
    dismissAlert('alert-unknown');
    expect(alerts.value).toBe(before);
    dismissAlert(first);
    expect(alerts.value.map((alert) => alert.id)).toEqual([second]);
  });

  it('should clear every alert', () => {
    showAlert({ type: 'info', content: 'one' });
    showAlert({ type: 'error', content: 'two' });
    clearAlerts();
    expect(alerts.value).toEqual([]);
  });

  it('should be the page singleton, shared by every bundle on the page', () => {
    expect(pageSingleton('alerts', () => null)).toBe(alerts);
  });
});
