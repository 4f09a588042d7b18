<!--- Seed 000's soapservice.cfc: the component every variant calls. Called over HTTP
      (Hello.cfc?method=hello) it answers WDDX unless returnformat says json or plain. --->
<cfcomponent output="false">
  <cffunction name="hello" access="remote" returntype="string" output="false">
    <cfreturn "Hello World">
  </cffunction>
</cfcomponent>
