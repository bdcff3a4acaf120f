export { toUserDto } from './user-dto';
export {
  emailOwner,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertUser,
  updateUser,
  usernameExists,
  type UserRow,
} from './users.repository';
