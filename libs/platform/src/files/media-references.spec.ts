import { companyMediaKey, companyOfKey } from './media-references';

describe('media references', () => {
  it('a reference names one file of the caller company: the media route and a safe key under it', () => {
    expect(companyMediaKey('/api/whatsapp-media/companies/7/whatsapp/uploads/u-foto.png', 7)).toBe(
      'companies/7/whatsapp/uploads/u-foto.png',
    );
    expect(companyOfKey('companies/7/x')).toBe(7);
  });

  it('refuses traversal, encodings, other companies, other hosts and anything that is not the media route', () => {
    for (const reference of [
      '/api/whatsapp-media/companies/7/../8/whatsapp/uploads/x.png',
      '/api/whatsapp-media/companies/7/whatsapp/../../8/x.png',
      '/api/whatsapp-media/companies/7/%2e%2e/8/x.png',
      '/api/whatsapp-media/companies/7/a/./b.png',
      '/api/whatsapp-media/companies/7//x.png',
      '/api/whatsapp-media/companies/7/x.png?a=1',
      '/api/whatsapp-media/companies/8/whatsapp/uploads/x.png',
      '/api/whatsapp-media/companies/07/x.png',
      'https://evil.example/api/whatsapp-media/companies/7/x.png',
      '/api/whatsapp-media/../../../etc/passwd',
      '/api/identity/companies/7/x.png',
      'companies/7/x.png',
    ]) {
      expect(companyMediaKey(reference, 7)).toBeNull();
    }
  });
});
