import { confirmAction, notify } from '@/lib/dialogs';

afterEach(() => jest.restoreAllMocks());

test('notify shows the message with window.alert', () => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
  notify('Status updated to Completed');
  expect(alert).toHaveBeenCalledTimes(1);
  expect(alert).toHaveBeenCalledWith('Status updated to Completed');
});

test.each([
  [true, 'OK'],
  [false, 'Cancel'],
])('confirmAction asks with window.confirm and returns %s on %s', (answer) => {
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(answer);
  expect(confirmAction('Are you sure you want to delete this log entry?')).toBe(answer);
  expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this log entry?');
});
