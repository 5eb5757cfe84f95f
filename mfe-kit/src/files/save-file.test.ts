import { saveFile } from './save-file';

describe('saveFile', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('downloads the blob under the name given, then lets its URL go', () => {
    jest.useFakeTimers();
    const blob = new Blob(['a;b\r\n'], { type: 'text/csv' });
    const revoke = jest.fn();
    Object.assign(URL, { createObjectURL: (file: Blob) => (file === blob ? 'blob:file' : 'blob:other'), revokeObjectURL: revoke });
    const clicked: { name: string; href: string; attached: boolean }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href, attached: this.isConnected });
    });

    saveFile(blob, 'agenda.csv');

    expect(clicked).toEqual([{ name: 'agenda.csv', href: 'blob:file', attached: true }]);
    expect(document.querySelector('a')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:file');
  });
});
