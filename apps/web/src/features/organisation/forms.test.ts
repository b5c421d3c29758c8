import { describe, expect, it } from 'vitest';
import { imageProblem } from '../../components/ImageUpload';
import type { CompanyTreeNode } from './api';
import { toCompanyInput } from './CompanyFormModal';
import { subtreeIds } from '../../components/CompanyTreeSelect';
import { offeredRoleTypes, toRoleInput } from './RoleFormModal';
import { userBody } from './UserFormModal';

const values = {
  username: ' anna ',
  password: 'x',
  confirmPassword: 'x',
  email: '  ',
  areaCode: '+49',
  mobile: '',
  roleId: 2,
  companyId: 3,
  description: ' Site manager ',
};

describe('account form bodies', () => {
  it('leaves empty contact fields out when creating', () => {
    expect(userBody(values, false)).toEqual({
      email: undefined,
      mobile: undefined,
      areaCode: undefined,
      roleId: 2,
      companyId: 3,
      description: 'Site manager',
    });
  });

  it("sends '' to clear them when editing, and no dialling code without a number", () => {
    expect(userBody(values, true)).toMatchObject({
      email: '',
      mobile: '',
      areaCode: undefined,
      description: 'Site manager',
    });
    expect(userBody({ ...values, mobile: ' 15112345678 ' }, true)).toMatchObject({
      mobile: '15112345678',
      areaCode: '+49',
    });
  });
});

describe('company and role form bodies', () => {
  it('trims the company texts and drops the empty ones', () => {
    expect(
      toCompanyInput({
        type: 'INSTALLER',
        parentId: 2,
        name: ' Sun GmbH ',
        phone: '',
        address: ' Main St 1 ',
      }),
    ).toEqual({
      type: 'INSTALLER',
      parentId: 2,
      name: 'Sun GmbH',
      phone: undefined,
      address: 'Main St 1',
      description: undefined,
      authorizationCode: undefined,
    });
  });

  it('offers the administrator type only to holders of *, and never the guest type', () => {
    expect(offeredRoleTypes(['*'])).toContain('ADMINISTRATOR');
    expect(offeredRoleTypes(['role:create'])).not.toContain('ADMINISTRATOR');
    expect(offeredRoleTypes(['*'])).not.toContain('GUEST');
    expect(
      toRoleInput({
        name: ' Ops ',
        visibility: 'PUBLIC',
        roleType: 'DEPLOY',
        remark: ' ',
        disabled: false,
        permissions: ['a'],
      }),
    ).toEqual({
      name: 'Ops',
      visibility: 'PUBLIC',
      roleType: 'DEPLOY',
      remark: undefined,
      disabled: false,
      permissions: ['a'],
    });
  });

  it('knows a company and everything under it (it cannot move below itself)', () => {
    const leaf = (id: number): CompanyTreeNode => ({
      id,
      parentId: 2,
      type: 'INSTALLER',
      name: `i${String(id)}`,
      simulated: false,
      children: [],
    });
    const tree: CompanyTreeNode[] = [
      {
        id: 1,
        parentId: null,
        type: 'PLATFORM',
        name: 'p',
        simulated: false,
        children: [
          {
            id: 2,
            parentId: 1,
            type: 'DISTRIBUTOR',
            name: 'd',
            simulated: false,
            children: [leaf(3), leaf(4)],
          },
        ],
      },
    ];
    expect([...subtreeIds(tree, 2)].sort()).toEqual([2, 3, 4]);
    expect([...subtreeIds(tree, 9)]).toEqual([]);
  });
});

describe('image uploads', () => {
  it('refuses other types and files over 2 MB before uploading', () => {
    expect(imageProblem({ name: 'logo.PNG', size: 1000 })).toBeNull();
    expect(imageProblem({ name: 'logo.svg', size: 1000 })).toBe('rule.imageFileType');
    expect(imageProblem({ name: 'logo.jpg', size: 3 * 1024 * 1024 })).toBe('upload.tooLarge');
  });
});
