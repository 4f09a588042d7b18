<!--- One application for every page: test 3's cached component lives in its scope, the opt-in
      faults are read once from the system property wsbench starts the server with, and seed 003's
      page has its datasource (the SQLite database the launcher created) and its dependency. --->
<cfcomponent output="false">
  <cfset this.name = "wsbench">
  <cfset this.sessionManagement = false>
  <cfset this.clientManagement = false>
  <cfset this.setClientCookies = false>
  <cfset system = createObject("java", "java.lang.System")>
  <cfset this.datasources["page"] = {
      class: "org.sqlite.JDBC",
      connectionString: "jdbc:sqlite:" & system.getProperty("wsbench.page.db", "")
  }>

  <cffunction name="onApplicationStart" returntype="boolean" output="false">
    <cfset application.faults = system.getProperty("wsbench.faults", "none")>
    <cfset application.dependency = system.getProperty("wsbench.page.dependency", "")>
    <cfset application.dependencyStats = system.getProperty("wsbench.page.dependencyStats", "")>
    <!--- seed 003's pools: ColdFusion's maxthreads as N permits, one semaphore per N, made once --->
    <cfset application.pools = {}>
    <cfreturn true>
  </cffunction>
</cfcomponent>
