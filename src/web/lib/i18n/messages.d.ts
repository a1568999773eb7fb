declare module "virtual:urithi-messages/*" {
  const messages: import("@lingui/core").Messages;
  export default messages;
}
