<!--- One application for every page: test 3's cached component lives in its scope, and the
      opt-in faults are read once from the system property wsbench starts the server with. --->
<cfcomponent output="false">
  <cfset this.name = "wsbench">
  <cfset this.sessionManagement = false>
  <cfset this.clientManagement = false>
  <cfset this.setClientCookies = false>

  <cffunction name="onApplicationStart" returntype="boolean" output="false">
    <cfset application.faults = createObject("java", "java.lang.System").getProperty("wsbench.faults", "none")>
    <cfreturn true>
  </cffunction>
</cfcomponent>
